import '#web/styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '#web/app/provider.tsx';
import { AppRouter } from '#web/app/router.tsx';
import { setupI18n } from '#web/lib/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The first render waits for the chosen language's catalogue (only Svenska has one to load), so a
// Swedish page never flashes English.
void setupI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
