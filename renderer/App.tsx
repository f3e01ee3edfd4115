export function App() {
  return (
    <main className="home">
      <header>
        <h1>Streamscope</h1>
        <p className="tagline">A flight recorder for streamed OpenAI-compatible chat completions.</p>
      </header>

      <section aria-labelledby="what-it-does">
        <h2 id="what-it-does">What it does</h2>
        <ul>
          <li>Keeps every byte of a streamed response together with the moment it arrived.</li>
          <li>Shows which field came in which chunk and how tool calls were reassembled.</li>
          <li>Measures where the time went: time to first byte, time to first token, gaps between reads.</li>
          <li>Flags what a client would have got wrong: a missing finish reason, a usage chunk with no choices, a buffered stream.</li>
        </ul>
      </section>

      <section aria-labelledby="status">
        <h2 id="status">Coming next</h2>
        <p>
          The recording views — the list of recordings, the timeline and the annotated chunks — are not part of
          this window yet. Until they are, the command line analyses a saved stream:
        </p>
        <pre><code>npx streamscope inspect FILE</code></pre>
      </section>
    </main>
  );
}
