// The emulator's settings (`AppsSettings` of the overview), each marked with its ground: the service's
// documented behaviour, or the emulator's own choice where Crowdin is silent (README, "The emulator's
// choices"). Each is a flag. What they read as: ./choices.ts.
import type { AppsSettings as Settings } from '../wire/apps.ts';
import { choicesOf, seconds } from './choices.ts';

export function AppsSettings({ settings }: { settings: Settings }) {
  return (
    <details className="apps-choices" data-testid="emulator-choices">
      <summary>
        How this emulator delivers: batches {seconds(settings.batchIntervalSeconds)}, timeout{' '}
        {seconds(settings.webhookTimeoutSeconds)}, {settings.retryScheduleSeconds.length} retries
      </summary>
      <p className="hint">
        Where Crowdin does not publish its behaviour, the emulator chose; each choice is a flag of{' '}
        <code>npm run emulator</code>.
      </p>
      <div className="apps-scroll">
        <table className="apps-table">
          <thead>
            <tr>
              <th scope="col">Setting</th>
              <th scope="col">Value</th>
              <th scope="col">Ground</th>
              <th scope="col">Flag</th>
            </tr>
          </thead>
          <tbody>
            {choicesOf(settings).map((c) => (
              <tr key={c.what}>
                <th scope="row">{c.what}</th>
                <td>{c.value}</td>
                <td>
                  {c.ours ? (
                    <>
                      <strong className="apps-ours">the emulator's choice</strong>: {c.ours}
                    </>
                  ) : (
                    'as the service'
                  )}
                </td>
                <td>
                  <code>{c.flag}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
