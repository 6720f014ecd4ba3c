// First: must run before any schema parses (see the module's comment).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app.tsx';
import { showToast } from '@/shared/stores/toast-store.ts';
import '@/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Installable-app mode (decision record 0034) in a lazy chunk: the first load carries this line only.
if (navigator.serviceWorker) void import('@/app/installable-app.ts').then((m) => m.startInstallableApp(navigator.serviceWorker, showToast));
