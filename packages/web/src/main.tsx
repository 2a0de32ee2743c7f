import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n';
import './styles/app.scss';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Translations first: the first paint is already in the user's language.
await initI18n();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
