/** A message with `code spans` in backticks, shown with the spans as code (no raw backticks on screen). */
export function CodeText({ text }: { text: string }) {
  const parts = text.split(/`([^`]*)`/);
  return <>{parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}

/** The same for DOM code outside React (CodeMirror tooltips): appends the message to `parent`. */
export function appendCodeText(parent: HTMLElement, text: string): void {
  text.split(/`([^`]*)`/).forEach((part, i) => {
    if (i % 2 === 1) {
      const code = document.createElement('code');
      code.textContent = part;
      parent.append(code);
    } else if (part) parent.append(part);
  });
}
