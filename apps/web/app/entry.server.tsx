/**
 * React Router's default server entry, with three changes.
 *
 * The module preloads get `fetchpriority="low"` (lib/low-priority-preloads.server.ts): the
 * stylesheet and the main image come first.
 *
 * Every inline script it writes (hydration data, streamed boundaries, the theme script) carries
 * the nonce of the response's Content-Security-Policy, which web/ssr.ts passes in the load context.
 *
 * `progressiveChunkSize`:
 * React moves a finished Suspense boundary out of the HTML's flow (to the end of the document,
 * swapped in by an inline script) once more than `progressiveChunkSize` bytes precede it. The
 * parts of a page whose code loads after the first paint (lib/lazy-component) are such
 * boundaries, finished on the server: at the default 12.8 KB the header's search box, the footer
 * and the store offers would arrive at the end of the document, after their placeholders, and
 * without JavaScript they would stay hidden. Pages render in one pass (their data is loaded
 * before rendering), so nothing is gained by flushing them in pieces.
 */
import { PassThrough, pipeline } from 'node:stream';

import type { AppLoadContext, EntryContext } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { lowPriorityModulePreloads } from '~/lib/low-priority-preloads.server';
import { CspNonceContext } from '~/lib/csp-nonce';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A document of the site: the charset is said in the header too, and a HEAD gets the same
  // header as the GET it stands for.
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const nonce = loadContext.cspNonce;
    const page = (
      <CspNonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            // Clear the timeout to prevent retaining the closure and memory leak
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);

        // A shopper who leaves mid-page makes the server's response destroy `body` with an error
        // (ERR_STREAM_PREMATURE_CLOSE, through the compression's pipeline). `pipeline` listens
        // for it, so it never becomes an unhandled 'error' event (which ends the process), and
        // tears the chain down: React sees its destination close and stops rendering.
        const preloads = lowPriorityModulePreloads();
        pipeline(preloads, body, (error) => {
          if (error) abort(error);
        });
        pipe(preloads);

        resolve(
          new Response(stream, {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Log streaming rendering errors from inside the shell.  Don't log
        // errors encountered during initial shell rendering since they'll
        // reject and get logged in handleDocumentRequest.
        if (shellRendered) {
          console.error(error);
        }
      },
    });
  });
}
