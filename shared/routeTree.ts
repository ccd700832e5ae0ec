import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { Outlet } from 'react-router';
import { Document } from './components/Document';
import { PageErrorBoundary, RootErrorBoundary } from './components/ErrorPages';
import { Layout } from './components/Layout';
import { loadChunk } from './lib/loadChunk';
import type { PageRoute } from './routes';
import { notFoundPage, pages } from './routes';

function Shell() {
  return createElement(Document, null, createElement(Layout, null, createElement(Outlet)));
}

function toRouteObject(page: PageRoute): RouteObject {
  return {
    id: page.chunk,
    path: page.path,
    handle: page,
    lazy: async () => ({ Component: (await loadChunk(page.chunk, page.load)).default }),
  };
}

/**
 * The React Router tree for both sides. A fresh copy each call: the router
 * resolves lazy routes by mutating these objects.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Shell,
      ErrorBoundary: RootErrorBoundary,
      children: [
        {
          id: 'page',
          ErrorBoundary: PageErrorBoundary,
          children: [...pages, notFoundPage].map(toRouteObject),
        },
      ],
    },
  ];
}
