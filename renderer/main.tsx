import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { restoreLastView } from './shell/remember.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Streamscope: #root element is missing from index.html');

restoreLastView();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
