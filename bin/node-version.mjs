// The Nodes Streamscope runs on, checked before anything else loads: one line saying which Node
// to use, instead of npm's engine warnings (printed twice by every `npx`) and a later crash.
const [major, minor] = process.versions.node.split('.').map(Number);

/** Exits with one line when this Node is older than 22.12 (Node 24 is the tested platform). */
export function requireSupportedNode() {
  if (major > 22 || (major === 22 && minor >= 12)) return;
  console.error(
    `streamscope: Node ${process.versions.node} is not supported; use Node 24 (or 22.12+): in a checkout, put bin/with-node 24 before the command (bin/with-node 24 npm start)`,
  );
  process.exit(2);
}
