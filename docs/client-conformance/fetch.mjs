// streamscope check-client -- node fetch.mjs — plain fetch, reading SSE as the spec says and requiring [DONE].
const res = await fetch(`${process.env.OPENAI_BASE_URL}/chat/completions`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.OPENAI_API_KEY}` },
  body: JSON.stringify({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'Hello' }] }),
});
if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
let text = '', buffer = '', data = [], done = false;
const toolCalls = [];
const onEvent = (payload) => {
  if (payload === '[DONE]') return void (done = true);
  const chunk = JSON.parse(payload);
  if (chunk.error) throw new Error(`stream error: ${JSON.stringify(chunk.error)}`);
  const delta = chunk.choices.find((choice) => choice.index === 0)?.delta ?? {};
  text += delta.content ?? '';
  for (const call of delta.tool_calls ?? []) {
    const at = call.index ?? (call.id ? toolCalls.length : toolCalls.length - 1); // Mistral sends no index
    toolCalls[at] ??= { name: '', arguments: '' };
    toolCalls[at].name += call.function?.name ?? '';
    toolCalls[at].arguments += call.function?.arguments ?? '';
  }
};
// Lines end at CRLF, LF or CR (a CR at the end of a read waits for the next); a blank line ends an event; ':' starts a comment.
for await (const piece of res.body.pipeThrough(new TextDecoderStream())) {
  const lines = (buffer + piece).split(/\r\n|\n|\r(?!$)/);
  buffer = lines.pop();
  for (const line of lines) {
    if (line === '') {
      if (data.length > 0) onEvent(data.join('\n'));
      data = [];
    } else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
}
if (!done) throw new Error('the stream ended before [DONE]');
console.log(JSON.stringify({ text, toolCalls: toolCalls.filter(Boolean) }));
