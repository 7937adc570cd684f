/**
 * Stand-ins for lazy-loaded screen modules, for `jest.mock` factories (which may only reach them through
 * `jest.requireActual`): routing tests need a screen to show, not the real one.
 */

/** A screen that is only its title as a heading: routing tests read a heading per screen. */
export function headingScreenModule(title: string) {
  function HeadingScreen() {
    return <h1>{title}</h1>;
  }
  return { __esModule: true, default: HeadingScreen };
}

/** A screen that is only a line of text. */
export function textScreenModule(text: string) {
  function TextScreen() {
    return <p>{text}</p>;
  }
  return { __esModule: true, default: TextScreen };
}
