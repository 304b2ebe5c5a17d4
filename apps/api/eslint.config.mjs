import baseConfig from '../../eslint.config.mjs';

// bundle/: what `nx run api:bundle` writes from dist/ (bundle.mjs).
export default [...baseConfig, { ignores: ['bundle'] }];
