// The notices of src/ui/stored.ts: what a store could not read (and where the original is kept aside) and
// what it could not write. The shell shows them in its notice bar.
import { deleteAside, readAside, useStorageNotices, type StorageNotice } from './stored.ts';
import { download } from './download.ts';
import { CloseButton } from './CloseButton.tsx';

export function StorageNotices() {
  const notices = useStorageNotices((s) => s.notices);
  const { dismiss } = useStorageNotices((s) => s.actions);
  return notices.map((notice) => (
    <div key={notice.id} role="alert" className={`notice notice-${notice.kind}`} data-testid="storage-notice">
      <span>{notice.text}</span>
      {notice.aside && <AsideActions notice={notice} aside={notice.aside} />}
      <CloseButton label="Dismiss" onClick={() => dismiss(notice.id)} />
    </div>
  ));
}

function AsideActions({
  notice,
  aside,
}: {
  notice: StorageNotice;
  aside: NonNullable<StorageNotice['aside']>;
}) {
  const save = () => {
    const text = readAside(aside);
    if (text !== null) download(`${aside.key}.json`, text, 'application/json');
  };
  return (
    <>
      <button type="button" onClick={save}>
        Download the kept data
      </button>
      <button type="button" onClick={() => deleteAside(notice)}>
        Delete it
      </button>
    </>
  );
}
