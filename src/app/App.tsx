export function App() {
  return (
    <>
      <header className="app-header">
        <h1>CroQL Playground</h1>
      </header>
      <main aria-label="Query workspace">
        <p>Write, check and run CroQL queries.</p>
      </main>
    </>
  );
}
