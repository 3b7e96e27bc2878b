/** What the results area says before anything has run. Tiny and CSS-free, so the shell shows it before the panel loads. */
export function RunPrompt() {
  return (
    <p className="results-muted">
      Press Run (Ctrl+Enter or ⌘+Enter in the editor) to see the matching rows here.
    </p>
  );
}
