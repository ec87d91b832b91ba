import './style.css';
import './table_status.css';
import { App } from './app';
import { registerServiceWorker } from './pwa';

new App(document.getElementById('app')!).start();
registerServiceWorker();
