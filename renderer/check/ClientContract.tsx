// What the command is given and what it must print (docs/client-conformance.md, "The command"):
// the contract a user's harness is written to, next to the field it is typed in.

export function ClientContract() {
  return (
    <details className="check-client-contract" data-testid="client-contract">
      <summary>What the command gets, and what it must print</summary>
      <p>Each case runs the command once, its environment pointing the common SDKs at the case’s mock:</p>
      <dl className="check-env">
        <dt>
          <code>OPENAI_BASE_URL</code>
        </dt>
        <dd>
          <code>http://127.0.0.1:PORT/v1</code> (the <code>openai</code> SDK and most OpenAI-compatible clients)
        </dd>
        <dt>
          <code>ANTHROPIC_BASE_URL</code>
        </dt>
        <dd>
          <code>http://127.0.0.1:PORT</code> (<code>@anthropic-ai/sdk</code> adds <code>/v1/messages</code>)
        </dd>
        <dt>
          <code>STREAMSCOPE_BASE_URL</code>
        </dt>
        <dd>
          <code>http://127.0.0.1:PORT/v1</code>, for a client configured some other way
        </dd>
        <dt>
          <code>STREAMSCOPE_CASE</code>, <code>STREAMSCOPE_API</code>
        </dt>
        <dd>
          the case’s id (<code>clean</code>, <code>cut-before-done</code> …) and its dialect (<code>chat</code>, <code>responses</code>, <code>messages</code>)
        </dd>
        <dt>
          <code>OPENAI_API_KEY</code>, <code>ANTHROPIC_API_KEY</code>
        </dt>
        <dd>placeholders: the mock takes any key, and the SDKs refuse to start without one</dd>
      </dl>
      <p>
        It streams as your app does and prints what it assembled on stdout: the text alone, or one JSON object <code>{'{ "text": …, "toolCalls": [ { "name": …, "arguments": … } ] }'}</code>. On a broken stream it must fail: a non-zero exit, or <code>{'{ "error": … }'}</code> printed.
      </p>
      <p className="muted">
        Ten-line harnesses for the <code>openai</code> SDK, <code>@anthropic-ai/sdk</code>, the Vercel AI SDK and plain <code>fetch</code> are in Streamscope’s <code>docs/client-conformance/</code> (described in <code>docs/client-conformance.md</code>, “Harnesses”): run one as <code>node docs/client-conformance/openai.mjs</code> from Streamscope’s folder, or copy it next to your app.
      </p>
    </details>
  );
}
