import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n';
import { liveData } from './ws/useLiveData';
import './styles/app.scss';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// On the live view the socket opens now, while the language chunk loads, not after React has mounted.
if (window.location.pathname === '/') liveData.prestart();

// Translations first: the first paint is already in the user's language.
await initI18n();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
