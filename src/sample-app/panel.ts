// The example app's editor panel (`editor-right-panel`): a page that drives the editor through the bridge
// (`AP`) it loads from the `origin` Crowdin (or the emulator) gives it — Apply sends a CroQL filter to the
// editor (`AP.editor.setCroqlFilter`), "Read the Advanced Filter" shows `AP.editor.getCustomFilter`, and it
// shows the string and language the editor reports (`AP.events`: `string.change`, `language.change`).
import { BRIDGE_PATH } from '../wire/ap-bridge.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The panel's page; `origin` is where the bridge is served (the page's `origin` query parameter). */
export function panelPage(origin: string, user: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Example panel</title>
<script src="${escape(origin)}${BRIDGE_PATH}"></script></head>
<body>
<main>
<h1>Example panel</h1>
<p>Opened by ${escape(user)}.</p>
<form id="apply">
<label for="croql">CroQL</label>
<input id="croql" name="croql" spellcheck="false">
<button type="submit">Apply to editor</button>
</form>
<p><button type="button" id="read-filter">Read the Advanced Filter</button></p>
<pre id="custom-filter" aria-label="Advanced Filter"></pre>
<p>String: <output id="string" aria-live="polite">none</output></p>
<p>Language: <output id="language" aria-live="polite">as opened</output></p>
</main>
<script>
document.getElementById('apply').addEventListener('submit', function (e) {
  e.preventDefault();
  AP.editor.setCroqlFilter(document.getElementById('croql').value);
});
document.getElementById('read-filter').addEventListener('click', function () {
  AP.editor.getCustomFilter(function (filter) {
    document.getElementById('custom-filter').textContent = JSON.stringify(filter);
  });
});
AP.events.on('string.change', function (s) {
  document.getElementById('string').textContent = s ? '#' + s.id + ' ' + s.text : 'none';
});
AP.events.on('language.change', function (context) {
  document.getElementById('language').textContent = context.editor.target_language_id;
});
</script>
</body>
</html>`;
}
