// One Babel config for webpack (browser targets) and jest (current Node).
module.exports = (api) => {
  const isTest = api.env('test');
  const isDevServer = api.env('development') && process.env.WEBPACK_SERVE === 'true';
  return {
    presets: [
      ['@babel/preset-env', isTest ? { targets: { node: 'current' } } : { bugfixes: true, modules: false }],
      ['@babel/preset-react', { runtime: 'automatic', development: !api.env('production') }],
      ['@babel/preset-typescript', { allowDeclareFields: true, onlyRemoveTypeImports: true }],
    ],
    plugins: isDevServer ? ['react-refresh/babel'] : [],
  };
};
