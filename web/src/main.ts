import './style.css';
import { App } from './app';

new App(document.getElementById('app')!).start();
