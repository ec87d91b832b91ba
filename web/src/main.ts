import './style.css';
import './table_status.css';
import { App } from './app';

new App(document.getElementById('app')!).start();
