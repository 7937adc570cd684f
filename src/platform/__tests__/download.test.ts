import { saveFile } from '../download';

describe('saving a file through a temporary link', () => {
  const created = 'blob:http://localhost/file';
  let clicked: { href: string; download: string; attached: boolean }[];

  beforeEach(() => {
    jest.useFakeTimers();
    clicked = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => created), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
    });
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('clicks a link in the page to the file under its name, then takes the link away', () => {
    const blob = new Blob(['a,b'], { type: 'text/csv' });
    saveFile(blob, 'trail.csv');
    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: created, download: 'trail.csv', attached: true }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });

  it('keeps the object URL a moment after the click (some browsers read it late)', () => {
    saveFile(new Blob(['x']), 'x.json');
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1000);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(created);
  });
});
