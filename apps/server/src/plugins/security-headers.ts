import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The camera's barcode reader is ZXing compiled to WebAssembly (issue 32): compiling it needs
      // 'wasm-unsafe-eval', which allows WebAssembly only, not eval() or new Function().
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      // antd (CSS-in-JS) writes style elements and style attributes at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Installations are often reached over plain HTTP on a LAN: do not force HTTPS sub-requests.
      upgradeInsecureRequests: null,
    },
  },
  // Logos are fetched by the login page of the same origin only.
  crossOriginResourcePolicy: { policy: 'same-origin' },
};

/** The headers helmet would set, computed once: they are the same on every response. */
export function computeSecurityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let finished = false;
  helmet(options)({} as never, response as never, () => void (finished = true));
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** `/api` and everything under it; not the web app's files. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Security headers on every response. Helmet itself re-renders its CSP on each request; at
 * thousands of requests a second that was a tenth of the server's time, so it runs once here.
 * API answers (errors and exports included) are never stored by a browser or proxy: they
 * hold business data and are read with a bearer token. A route may still say otherwise
 * after this (the company logo, addressed by its hash); static files keep their own caching.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = computeSecurityHeaders();
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? apiHeaders : headers);
    done();
  });
}
