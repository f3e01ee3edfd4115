// Where the capture proxy sends a request (issue 18, "The command"). With one upstream, the
// proxy stands in for its origin: `/X` goes to `https://host/X`, path and query kept, and the base
// URL to paste is the upstream's path on the proxy. With several (or a named profile), each has a
// prefix: `/openai/v1/…` goes to `https://api.openai.com/v1/…`.

export interface UpstreamSpec {
  /** The upstream base URL (`https://api.openai.com/v1`, an Azure deployment URL, a local server). */
  readonly url: string;
  /** The prefix's name; by default one told from the host (`openai` for api.openai.com). Ignored for a lone upstream without a name. */
  readonly name?: string;
}

export interface Route {
  /** `''` for a lone upstream, else `/name`. */
  readonly prefix: string;
  /** The upstream's origin: `https://api.openai.com`. */
  readonly origin: string;
  /** The upstream's base path: `/v1` (no trailing slash; `''` for none). */
  readonly basePath: string;
  /** Its query (`?api-version=…`), shown in the base URL; requests keep their own. */
  readonly baseQuery: string;
  /** The base URL as given. */
  readonly upstream: string;
}

export type Routing = { readonly ok: true; readonly routes: readonly Route[] } | { readonly ok: false; readonly error: string };

/** The routes for the upstreams given, in order; prefixes are used when there are several or `prefixed` is set. */
export function planRoutes(specs: readonly UpstreamSpec[], prefixed = specs.length > 1): Routing {
  if (specs.length === 0) return { ok: false, error: 'no upstream: give --upstream URL or --profile NAME' };
  const routes: Route[] = [];
  const names = new Set<string>();
  for (const spec of specs) {
    let url: URL;
    try {
      url = new URL(spec.url);
    } catch {
      return { ok: false, error: `not a URL: ${spec.url}` };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: `${spec.url}: the upstream must be http or https` };
    if (url.username || url.password) return { ok: false, error: `${url.host}: put credentials in the client's headers, not in the upstream URL` };
    let prefix = '';
    if (prefixed || spec.name !== undefined) {
      const base = spec.name ?? nameOf(url.hostname);
      if (!/^[a-z0-9][a-z0-9._-]*$/i.test(base)) return { ok: false, error: `"${base}" cannot name a prefix: use letters, digits, ".", "_" and "-"` };
      let name = base.toLowerCase();
      for (let n = 2; names.has(name); n++) name = `${base.toLowerCase()}-${n}`;
      names.add(name);
      prefix = `/${name}`;
    }
    routes.push({ prefix, origin: url.origin, basePath: url.pathname.replace(/\/+$/, ''), baseQuery: url.search, upstream: spec.url });
  }
  return { ok: true, routes };
}

/** A name for a host's prefix: `openai` for api.openai.com, `openrouter` for openrouter.ai, `localhost` as it is. */
export function nameOf(hostname: string): string {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':')) return 'local';
  const labels = hostname.split('.').filter((label) => label !== '');
  if (labels.length <= 1) return labels[0] ?? 'upstream';
  // The label before the public suffix; two-letter country suffixes under a second level (co.uk) are rare for APIs.
  return labels[labels.length - 2]!;
}

export interface Target {
  readonly route: Route;
  /** The upstream URL: the route's origin, then the path after the prefix, query kept. */
  readonly url: string;
}

/** The upstream a request path (with its query) goes to, or null when no prefix matches. */
export function routeRequest(routes: readonly Route[], pathAndQuery: string): Target | null {
  if (!pathAndQuery.startsWith('/')) return null;
  for (const route of routes) {
    if (route.prefix === '') return { route, url: route.origin + pathAndQuery };
    const rest = pathAndQuery.slice(route.prefix.length);
    if (pathAndQuery.startsWith(route.prefix) && (rest === '' || rest.startsWith('/') || rest.startsWith('?'))) {
      return { route, url: route.origin + (rest.startsWith('/') ? rest : `/${rest}`) };
    }
  }
  return null;
}

/** What a client takes as its base URL for a route: `http://127.0.0.1:PORT/openai/v1`. */
export function proxyBaseUrl(proxyOrigin: string, route: Route): string {
  return `${proxyOrigin}${route.prefix}${route.basePath}${route.baseQuery}`;
}
