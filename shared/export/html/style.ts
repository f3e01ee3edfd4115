// The report's one stylesheet: a constant, so nothing recorded ever reaches it. Light and dark
// follow prefers-color-scheme; print gets black on white with every section on paper.

export const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1d2129;--muted:#5f6673;--line:#d9dce1;--panel:#f5f6f8;--accent:#2557d6;
--bad:#c4261d;--warn:#a86400;--info:#1f6f8b;--ok:#217a3c;--esc-bg:#fde7c2;--esc-fg:#6b3d00;--gap:#e8a13a;
--k-role:#6b5bd2;--k-content:#2e8b57;--k-reasoning:#b04fb5;--k-refusal:#d08a00;--k-tool:#1b8fb8;--k-finish:#3456c9;--k-usage:#7a8491;
--k-metadata:#9aa3ad;--k-empty:#b8bec6;--k-done:#1d2129;--k-comment:#a3aab3;--k-error:#d93025;--k-invalid-json:#e0442f;--k-malformed:#c2185b;--k-no-data:#8d96a0;--read:#4b5563}
@media (prefers-color-scheme:dark){:root{--bg:#15181d;--fg:#e3e6ea;--muted:#9aa3ae;--line:#343a44;--panel:#1e2229;--accent:#7ea2ff;
--bad:#ff7b72;--warn:#f0b040;--info:#6cc4e0;--ok:#5fc27e;--esc-bg:#4a3510;--esc-fg:#ffd58a;--gap:#b7791f;--k-done:#e3e6ea;--read:#aab3bf;--k-empty:#5c646e}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
header,main,footer{max-width:1200px;margin:0 auto;padding:0 20px}
header{padding-top:16px}
h1{font-size:20px;margin:0 0 4px;overflow-wrap:anywhere}
h2{font-size:17px;margin:28px 0 8px;padding-bottom:4px;border-bottom:1px solid var(--line)}
h3{font-size:15px;margin:18px 0 6px}
h4{font-size:13px;margin:12px 0 4px}
nav{display:flex;flex-wrap:wrap;gap:14px;font-size:13px;margin:6px 0 0}
a{color:var(--accent)}
code,pre,.url,.raw,.num{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;font-size:12.5px}
pre{margin:4px 0;padding:8px 10px;background:var(--panel);border:1px solid var(--line);border-radius:4px;white-space:pre-wrap;overflow-wrap:anywhere;max-height:32em;overflow:auto}
pre.text{font-size:13.5px}
pre.refusal{border-color:var(--warn)}
pre.reasoning{color:var(--muted)}
.note{color:var(--muted)}
.bad{color:var(--bad)}
.ok{color:var(--ok)}
.line{margin:4px 0;overflow-wrap:anywhere}
.method{font-weight:600}
.esc{background:var(--esc-bg);color:var(--esc-fg);border-radius:2px;padding:0 1px;font-family:ui-monospace,monospace;font-size:.9em}
.raw .le{color:var(--info);font-weight:600}
.raw .bad{background:var(--esc-bg);color:var(--bad)}
.raw .cut{display:block;color:var(--muted);font-style:italic}
div.pair{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:0 24px}
@media (max-width:800px){div.pair{grid-template-columns:minmax(0,1fr)}}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:8px 0}
dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;margin:6px 0}
th,td{text-align:left;vertical-align:top;padding:3px 8px;border-bottom:1px solid var(--line)}
thead th{position:sticky;top:0;background:var(--bg);font-size:12px;color:var(--muted);white-space:nowrap}
table.usage{width:auto}
table.headers th{width:30%;font-weight:500;overflow-wrap:anywhere}
table.headers td{overflow-wrap:anywhere;font-family:ui-monospace,monospace;font-size:12.5px}
td.num{text-align:right;white-space:nowrap}
td.def{color:var(--muted)}
table.events td{padding:2px 6px}
table.events tr:target{outline:2px solid var(--accent);background:var(--panel)}
td.ann{overflow-wrap:anywhere;font-family:ui-monospace,monospace;font-size:12.5px}
td.ann summary{cursor:pointer}
td.ann .where{color:var(--muted);margin:2px 0}
tr.omitted td{text-align:center;color:var(--muted);font-style:italic;background:var(--panel)}
.kind{display:inline-block;padding:0 6px;border-radius:9px;color:#fff;font-size:11.5px;white-space:nowrap;background:var(--k-empty)}
.kind.k-done{color:var(--bg)}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(320px,1fr));gap:10px}
.card{border:1px solid var(--line);border-radius:6px;padding:4px 12px 8px;margin:8px 0;background:var(--bg)}
.card h4{margin-top:6px}
.diag.sev-error{border-left:4px solid var(--bad)}
.diag.sev-warning{border-left:4px solid var(--warn)}
.diag.sev-info{border-left:4px solid var(--info)}
.sev{text-transform:uppercase;font-size:11px;letter-spacing:.04em}
h3.sev-error,.sev-error .sev{color:var(--bad)}
h3.sev-warning,.sev-warning .sev{color:var(--warn)}
h3.sev-info,.sev-info .sev{color:var(--info)}
.hint{margin:4px 0}
.evidence{color:var(--muted);margin:4px 0}
.tally{font-weight:400;font-size:13px;color:var(--muted)}
.choice{border-top:1px dashed var(--line);margin-top:10px}
svg.timeline{width:100%;height:auto;display:block;font:11px system-ui,sans-serif;background:var(--bg)}
svg.timeline text{fill:var(--fg)}
svg.timeline .tick,svg.timeline .caption{fill:var(--muted)}
svg.timeline .axis,svg.timeline .lane-rule{stroke:var(--line)}
svg.timeline .marker line{stroke:var(--fg);stroke-dasharray:2 2;opacity:.6}
svg.timeline .marker text{font-weight:600}
svg.timeline .gap{fill:var(--gap);opacity:.18}
svg.timeline .gap.idle{opacity:.35}
svg.timeline .read{fill:var(--read)}
ul.markers{display:flex;flex-wrap:wrap;gap:4px 18px;list-style:none;padding:0;margin:6px 0;font-size:13px}
ul.markers b{font-weight:600}
footer{color:var(--muted);font-size:12px;padding:24px 20px}
@media print{:root{--bg:#fff;--fg:#000;--muted:#444;--panel:#f4f4f4;--line:#bbb;--accent:#2557d6;--bad:#c4261d;--warn:#a86400;--info:#1f6f8b;--ok:#217a3c;
--esc-bg:#fde7c2;--esc-fg:#6b3d00;--gap:#e8a13a;--k-done:#1d2129;--read:#4b5563;--k-empty:#b8bec6}
body{font-size:11pt}nav{display:none}pre{max-height:none;overflow:visible}thead th{position:static}
h2{break-after:avoid}tr,.card{break-inside:avoid}details:not([open])>summary::marker{content:""}a{color:inherit;text-decoration:none}}
`;

/** The fill of each kind's marks and badges (the CSS custom properties above, one per kind). */
export function kindRules(kinds: readonly string[]): string {
  return kinds.map((kind) => `.k-${kind}{fill:var(--k-${kind})}.kind.k-${kind}{background:var(--k-${kind})}`).join('\n');
}
