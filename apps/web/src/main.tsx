import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { areaFold } from './app/areas.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { installAreas } from './lib/areas/area-registry.ts';

installAreas(areaFold);

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
