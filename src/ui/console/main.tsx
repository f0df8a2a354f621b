import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './ConsoleApp';
import '../kit/global.css';
// The console's own rules travel inside its chunk: the customer's stylesheet never carries them.
import consoleStyles from './console.css?inline';

const style = document.createElement('style');
style.textContent = consoleStyles;
document.head.append(style);

createRoot(document.getElementById('root')!).render(<ConsoleApp />);
