// Where the capture proxy sends a request: a lone upstream keeps the client's path and query, so
// any provider's layout works; prefixed routes put several upstreams behind one port.

import { describe, expect, it } from 'vitest';
import { nameOf, planRoutes, proxyBaseUrl, routeRequest } from './routes.ts';
import type { Route } from './routes.ts';

const PROXY = 'http://127.0.0.1:4100';

function routesOf(...args: Parameters<typeof planRoutes>): readonly Route[] {
  const routing = planRoutes(...args);
  if (!routing.ok) throw new Error(routing.error);
  return routing.routes;
}

const target = (routes: readonly Route[], path: string) => routeRequest(routes, path)?.url ?? null;

describe('a lone upstream', () => {
  it('stands in for an Azure deployment: path and api-version query reach the upstream as the client sent them', () => {
    const upstream = 'https://contoso.openai.azure.com/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21';
    const routes = routesOf([{ url: upstream }]);
    expect(routes).toEqual([
      { prefix: '', origin: 'https://contoso.openai.azure.com', basePath: '/openai/deployments/gpt4o/chat/completions', baseQuery: '?api-version=2024-10-21', upstream },
    ]);
    expect(proxyBaseUrl(PROXY, routes[0]!)).toBe(`${PROXY}/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21`);
    expect(target(routes, '/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21')).toBe(upstream);
  });

  it('keeps OpenRouter’s /api/v1 base (a trailing slash on the upstream is not doubled)', () => {
    const routes = routesOf([{ url: 'https://openrouter.ai/api/v1/' }]);
    expect(routes[0]).toMatchObject({ prefix: '', origin: 'https://openrouter.ai', basePath: '/api/v1', baseQuery: '' });
    expect(proxyBaseUrl(PROXY, routes[0]!)).toBe(`${PROXY}/api/v1`);
    expect(target(routes, '/api/v1/chat/completions')).toBe('https://openrouter.ai/api/v1/chat/completions');
  });

  it('forwards any path on the upstream’s origin, not only those under its base path', () => {
    const routes = routesOf([{ url: 'http://127.0.0.1:8080/v1' }]);
    expect(target(routes, '/health?verbose=1')).toBe('http://127.0.0.1:8080/health?verbose=1');
    expect(target(routes, '/')).toBe('http://127.0.0.1:8080/');
  });

  it('never leaves the upstream’s host, even for a path that starts with two slashes', () => {
    const routes = routesOf([{ url: 'https://api.openai.com/v1' }]);
    const url = target(routes, '//evil.example/v1/chat/completions')!;
    expect(url).toBe('https://api.openai.com//evil.example/v1/chat/completions');
    expect(new URL(url).host).toBe('api.openai.com');
  });

  it('routes nothing that is not an origin-form path (a forward-proxy request, an asterisk)', () => {
    const routes = routesOf([{ url: 'https://api.openai.com/v1' }]);
    expect(target(routes, 'http://evil.example/v1/chat/completions')).toBeNull();
    expect(target(routes, '*')).toBeNull();
  });

  it('takes a prefix when it is given a name', () => {
    const routes = routesOf([{ url: 'https://api.openai.com/v1', name: 'main' }]);
    expect(routes[0]!.prefix).toBe('/main');
    expect(target(routes, '/v1/models')).toBeNull();
    expect(target(routes, '/main/v1/models')).toBe('https://api.openai.com/v1/models');
  });
});

describe('prefixed routes', () => {
  it('send /openai/v1/… to https://api.openai.com/v1/…, query kept', () => {
    const routes = routesOf([{ url: 'https://api.openai.com/v1' }], true);
    expect(routes).toEqual([{ prefix: '/openai', origin: 'https://api.openai.com', basePath: '/v1', baseQuery: '', upstream: 'https://api.openai.com/v1' }]);
    expect(proxyBaseUrl(PROXY, routes[0]!)).toBe(`${PROXY}/openai/v1`);
    expect(target(routes, '/openai/v1/chat/completions?trace=1')).toBe('https://api.openai.com/v1/chat/completions?trace=1');
    expect(target(routes, '/openai')).toBe('https://api.openai.com/');
    expect(target(routes, '/openai?x=1')).toBe('https://api.openai.com/?x=1');
  });

  it('match a whole path segment only: /openaix/… and unknown prefixes have no route', () => {
    const routes = routesOf([{ url: 'https://api.openai.com/v1' }], true);
    expect(target(routes, '/openaix/v1/models')).toBeNull();
    expect(target(routes, '/anthropic/v1/messages')).toBeNull();
    expect(target(routes, '/v1/chat/completions')).toBeNull();
  });

  it('are used for several upstreams, each named after its host', () => {
    const routes = routesOf([{ url: 'https://api.openai.com/v1' }, { url: 'https://api.anthropic.com' }, { url: 'http://localhost:11434/v1' }]);
    expect(routes.map((route) => [route.prefix, proxyBaseUrl(PROXY, route)])).toEqual([
      ['/openai', `${PROXY}/openai/v1`],
      ['/anthropic', `${PROXY}/anthropic`],
      ['/localhost', `${PROXY}/localhost/v1`],
    ]);
    expect(target(routes, '/anthropic/v1/messages')).toBe('https://api.anthropic.com/v1/messages');
    expect(target(routes, '/localhost/v1/chat/completions')).toBe('http://localhost:11434/v1/chat/completions');
  });

  it('number names that collide, and route each to its own upstream', () => {
    const routes = routesOf([{ url: 'https://api.openai.com/v1' }, { url: 'https://eu.api.openai.com/v1' }, { url: 'https://us.api.openai.com/v1' }]);
    expect(routes.map((route) => route.prefix)).toEqual(['/openai', '/openai-2', '/openai-3']);
    expect(target(routes, '/openai-2/v1/models')).toBe('https://eu.api.openai.com/v1/models');
    expect(target(routes, '/openai-3/v1/models')).toBe('https://us.api.openai.com/v1/models');
  });

  it('number past a name already taken explicitly, and lower-case given names', () => {
    const routes = routesOf([{ url: 'http://127.0.0.1:1/v1', name: 'openai-2' }, { url: 'https://api.openai.com/v1', name: 'OpenAI' }, { url: 'https://eu.api.openai.com/v1' }]);
    expect(routes.map((route) => route.prefix)).toEqual(['/openai-2', '/openai', '/openai-3']);
  });

  it('name IP addresses "local", numbered as they repeat', () => {
    const routes = routesOf([{ url: 'http://127.0.0.1:8000/v1' }, { url: 'http://[::1]:8001/v1' }]);
    expect(routes.map((route) => route.prefix)).toEqual(['/local', '/local-2']);
  });
});

describe('upstreams that cannot be routed', () => {
  it.each([
    [[], 'no upstream: give --upstream URL or --profile NAME'],
    [[{ url: 'api.openai.com/v1' }], 'not a URL: api.openai.com/v1'],
    [[{ url: '' }], 'not a URL: '],
    [[{ url: 'ftp://files.example/v1' }], 'ftp://files.example/v1: the upstream must be http or https'],
    [[{ url: 'https://me:sk-secret@api.openai.com/v1' }], "api.openai.com: put credentials in the client's headers, not in the upstream URL"],
    [[{ url: 'https://api.openai.com/v1', name: 'my openai' }], '"my openai" cannot name a prefix: use letters, digits, ".", "_" and "-"'],
    [[{ url: 'https://api.openai.com/v1', name: '-x' }], '"-x" cannot name a prefix: use letters, digits, ".", "_" and "-"'],
  ])('%j is refused: %s', (specs, error) => {
    expect(planRoutes(specs)).toEqual({ ok: false, error });
  });
});

describe('nameOf', () => {
  it.each([
    ['api.openai.com', 'openai'],
    ['openrouter.ai', 'openrouter'],
    ['contoso.openai.azure.com', 'azure'],
    ['localhost', 'localhost'],
    ['127.0.0.1', 'local'],
    ['[::1]', 'local'],
  ])('names %s "%s"', (host, name) => {
    expect(nameOf(host)).toBe(name);
  });
});
