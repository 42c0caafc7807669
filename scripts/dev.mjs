#!/usr/bin/env node
// Development: the server restarts on change (port 3000) and Vite serves the web app with hot
// reload on port 5173, proxying the API to the server.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@app/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@app/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
