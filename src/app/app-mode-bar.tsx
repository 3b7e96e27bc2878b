// In app mode (src/auth/app-mode.ts) the header says where the playground is opened instead of offering a
// connection and a Sign in button: Crowdin signed the page in.
import { useAppMode } from '../auth/app-mode.ts';

export function AppModeBar() {
  const mode = useAppMode();
  if (mode.status === 'off') return null;
  if (mode.status !== 'ready') {
    return (
      <p className="connection-bar app-mode-bar" role="status">
        {mode.status === 'starting' ? 'Opening in Crowdin…' : 'Not opened'}
      </p>
    );
  }
  const { context } = mode;
  const where =
    context.edition === 'enterprise' ? `Crowdin Enterprise (${context.domain ?? 'organization'})` : 'Crowdin';
  return (
    <p className="connection-bar app-mode-bar" data-testid="app-mode-bar">
      In {where}: project {context.projectIdentifier ?? context.projectId}
      {context.userLogin ? `, as ${context.userLogin}` : ''}
    </p>
  );
}

/** The refusal or the wait of app mode, for the notice bar; null when all is well or off. */
export function AppModeNotice() {
  const mode = useAppMode();
  if (mode.status !== 'refused') return null;
  return (
    <p role="alert" className="notice notice-error" data-testid="app-mode-refused">
      {mode.message}
    </p>
  );
}
