/**
 * React's string renderer alone (renderToString, renderToStaticMarkup), for the Worker's first
 * frames (web/src/server-render.tsx). `react-dom/server` is CommonJS that loads the streaming
 * renderer too, which no bundler can shake out: 35 KB of the Worker for nothing (issue 23). The
 * package exports no path to this build, hence the file path; its types are react-dom/server's.
 * Always the production build: the Worker bundles only that one.
 */
import type * as Server from 'react-dom/server';
// @ts-expect-error React's CommonJS builds ship without type declarations.
import * as legacy from '../../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.min.js';

export const renderToString: typeof Server.renderToString = legacy.renderToString;
export const renderToStaticMarkup: typeof Server.renderToStaticMarkup = legacy.renderToStaticMarkup;
