// Installed before any suite module runs: mocha_extensions reads the globals when it loads.
import { installMochaGlobals } from '../mocha-globals.js';

export const harness = installMochaGlobals();
