// The × that closes or dismisses a panel, dialog or notice: a ghost button named by what it closes (the ×
// alone says nothing to a screen reader), so every one looks and reads the same.
export function CloseButton(props: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="button-ghost" aria-label={props.label} onClick={props.onClick}>
      ×
    </button>
  );
}
