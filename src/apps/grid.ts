// Arrow keys inside a table of buttons (the step's counts): one Tab stop for the whole table, the arrows
// move between its cells (ui-walk D16: 25 Tab stops before).

/** The cell the key moves to from `index` in a `rows` × `columns` grid; null for any other key. */
export function gridMove(index: number, key: string, rows: number, columns: number): number | null {
  const row = Math.floor(index / columns);
  const column = index % columns;
  switch (key) {
    case 'ArrowRight':
      return row * columns + Math.min(columns - 1, column + 1);
    case 'ArrowLeft':
      return row * columns + Math.max(0, column - 1);
    case 'ArrowDown':
      return Math.min(rows - 1, row + 1) * columns + column;
    case 'ArrowUp':
      return Math.max(0, row - 1) * columns + column;
    case 'Home':
      return row * columns;
    case 'End':
      return row * columns + columns - 1;
    default:
      return null;
  }
}
