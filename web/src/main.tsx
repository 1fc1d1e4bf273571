import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles/base.css';

createRoot(document.getElementById('root')!, {
  // React recovered from an error thrown during a concurrent render by rendering again: the
  // production build says only "error #520"; its cause is what needs fixing, so say that.
  onRecoverableError: (error) => console.error('Recovered from a render error:', error instanceof Error && error.cause instanceof Error ? `${error.cause.message}\n${error.cause.stack ?? ''}` : error),
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
