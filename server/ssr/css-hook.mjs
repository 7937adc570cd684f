// Server rendering imports the screens' source, which imports its CSS for webpack: on the server a stylesheet is nothing.
export async function load(url, context, nextLoad) {
  if (/\.css(\?.*)?$/.test(url)) return { format: 'module', source: 'export default {};', shortCircuit: true };
  return nextLoad(url, context);
}
