import './parity-dashboard.js';
