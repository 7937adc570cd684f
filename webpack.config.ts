import path from 'node:path';
import zlib from 'node:zlib';
import ReactRefreshWebpackPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

import { APP_VERSION, CHUNK_LOAD_TIMEOUT_MS } from './config/app';
import { loadRemoteEnvironments } from './config/load-remote';
import { SERVICE_BASE_PATHS } from './config/service-paths';

type Env = Record<string, string | boolean | undefined>;
type Argv = { mode?: 'production' | 'development' };

/**
 * Each screen's source file (src/…/screens/XScreen.tsx) → the files of the smallest chunk group holding it:
 * the server links a server-rendered screen's stylesheets in its page (server/ssr/page.ts).
 */
function screenFiles(compilation: webpack.Compilation): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const group of compilation.chunkGroups) {
    const files = group.chunks.flatMap((chunk) => [...chunk.files]);
    for (const chunk of group.chunks) {
      for (const top of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
        // Production concatenates modules: a screen may sit inside another module's scope.
        const inner = (top as webpack.Module & { modules?: webpack.Module[] }).modules ?? [];
        for (const module of [top, ...inner]) {
          const resource = (module as webpack.NormalModule).resource;
          if (!resource || !/[\\/]screens[\\/]\w+Screen\.tsx$/.test(resource)) continue;
          const key = path.relative(__dirname, resource).split(path.sep).join('/');
          if (!out[key] || out[key].length > files.length) out[key] = files;
        }
      }
    }
  }
  return out;
}

/** Writes the entry and route chunk files so scripts/report-size.ts can measure the first load. */
class ChunkManifestPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.emit.tap('ChunkManifestPlugin', (compilation) => {
      const stats = compilation.getStats().toJson({ all: false, entrypoints: true, chunkGroups: true, assets: false });
      const groups: Record<string, string[]> = {};
      for (const [name, group] of Object.entries(stats.namedChunkGroups ?? {})) {
        groups[name] = (group.assets ?? []).map((a) => a.name);
      }
      const entry = (stats.entrypoints?.main?.assets ?? []).map((a) => a.name);
      const json = JSON.stringify({ entry, groups, screens: screenFiles(compilation) }, null, 2);
      compilation.emitAsset('chunk-manifest.json', new webpack.sources.RawSource(json));
      // server/ rebuilds on `npm start` when a source file is newer than this stamp.
      compilation.emitAsset('.build-stamp', new webpack.sources.RawSource(new Date().toISOString()));
    });
  }
}

function reactRouterProductionBuild(): Record<string, string> {
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  return { 'react-router$': path.join(dist, 'index.mjs'), 'react-router/dom$': path.join(dist, 'dom-export.mjs') };
}

/** Text assets the server sends precompressed (server/plugins/web-app.ts picks .br or .gz). */
const PRECOMPRESSED = /\.(js|mjs|css|svg|json|webmanifest|txt)$/;

export default (_env: Env, argv: Argv): webpack.Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode !== 'development';
  // Babel's react preset picks jsx vs jsxDEV from the env name: keep it in step with the mode.
  process.env.NODE_ENV = production ? 'production' : 'development';
  const serving = process.env.WEBPACK_SERVE === 'true';
  const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'js/[name].[contenthash:8].js' : 'js/[name].js',
      // Lazy chunks by id: a name in the file would be one more string per chunk in the first-load runtime's
      // file map (chunk-manifest.json still maps every chunk group's name to its files).
      chunkFilename: production ? 'js/[id].[contenthash:6].js' : 'js/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      // Spec §9: slow mobile networks get two minutes before a lazy chunk counts as failed.
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      clean: true,
    },
    // Hidden: maps are built for error reporting, but no bundle points browsers at them.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // react-router 7's package exports name only its development build (remix-run/react-router
      // #12532, #14753), so its dev-only checks and warnings would ship to users; production
      // builds take the production files it also publishes.
      // `@/` is src/ (tsconfig.json paths, jest moduleNameMapper).
      alias: { '@': path.resolve(__dirname, 'src'), ...(production ? reactRouterProductionBuild() : {}) },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'babel-loader',
            options: { cacheDirectory: true, envName: production ? 'production' : 'development' },
          },
        },
        {
          test: /\.css$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        { test: /\.(png|jpe?g|gif|svg|webp)$/i, type: 'asset', parser: { dataUrlCondition: { maxSize: 4096 } } },
        // A feature's (and a marketing sub-feature's) index.ts only re-exports. Marked free of side effects, an import
        // through it links straight to the module that provides the name: a saga's chunk that takes a sibling's event
        // does not also pull that sibling's components and their CSS, and the entry, which takes a few names from the
        // action log's surface, does not evaluate the upload redaction's tables the server takes from it.
        { test: /[\\/]src[\\/]features[\\/](marketing[\\/])?[^\\/]+[\\/]index\.ts$/, sideEffects: false },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        __APP_VERSION__: JSON.stringify(APP_VERSION),
        __REMOTE_ENVIRONMENTS__: JSON.stringify(loadRemoteEnvironments()),
        __REPLAY_VIEWER_ENABLED__: JSON.stringify(process.env.REPLAY_VIEWER === '1' || !production),
      }),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        favicon: './public/favicon.png',
        scriptLoading: 'defer',
      }),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: 'css/[name].[contenthash:8].css',
              chunkFilename: 'css/[id].[contenthash:6].css',
            }),
          ]
        : []),
      ...(serving ? [new ReactRefreshWebpackPlugin({ overlay: false })] : []),
      new ChunkManifestPlugin(),
      // Precompressed once at build time (brotli at its best level, gzip as the fallback), so the
      // server only picks a file by Accept-Encoding instead of compressing every response again.
      ...(production
        ? [
            new CompressionPlugin<zlib.BrotliOptions>({
              algorithm: 'brotliCompress',
              filename: '[path][base].br',
              test: PRECOMPRESSED,
              threshold: 1024,
              minRatio: 0.9,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
            }),
            new CompressionPlugin({
              algorithm: 'gzip',
              filename: '[path][base].gz',
              test: PRECOMPRESSED,
              threshold: 1024,
              minRatio: 0.9,
              compressionOptions: { level: 9 },
            }),
          ]
        : []),
    ],
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // 'initial' only: an 'all' group would drag lazy routes' libraries into the first load.
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|react-redux|@reduxjs|redux|redux-saga|@redux-saga|reselect|immer)[\\/]/,
            name: 'framework',
            chunks: 'initial',
            priority: 20,
          },
        },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT ?? 8080),
      host: '0.0.0.0',
      hot: true,
      historyApiFallback: true,
      allowedHosts: 'all',
      client: { overlay: { errors: true, warnings: false } },
      proxy: [
        {
          context: [...SERVICE_BASE_PATHS, '/__local', '/__local-auth', '/sa', '/sdk', '/api/1'],
          target: backend,
          changeOrigin: false,
        },
      ],
    },
  };
};
