// Prints the layout figures from a dependency-cruiser JSON result (stdin):
// files in circles, cross-feature deep imports, imports of src/app from features.
let raw = '';
process.stdin.on('data', (c) => (raw += c));
process.stdin.on('end', () => {
  const { modules } = JSON.parse(raw);
  const inCircle = new Set();
  let crossFeature = 0;
  let appFromFeatures = 0;
  for (const m of modules) {
    for (const d of m.dependencies) {
      if (d.circular) inCircle.add(m.source);
      const from = /^src\/features\/([^/]+)\//.exec(m.source);
      const to = /^src\/features\/([^/]+)\/(.+)$/.exec(d.resolved);
      if (from && to && to[1] !== from[1] && to[2] !== 'index.ts') crossFeature += 1;
      if (from && d.resolved.startsWith('src/app/')) appFromFeatures += 1;
    }
  }
  const circ = [...inCircle].filter((s) => /^(src|server)\//.test(s));
  console.log(
    JSON.stringify({
      filesInCircles: circ.length,
      crossFeatureDeepImports: crossFeature,
      appImportsFromFeatures: appFromFeatures,
    }),
  );
});
