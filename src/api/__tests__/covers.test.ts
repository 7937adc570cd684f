import { coverSources } from '../contract/covers';

it('a cover of the image host gets AVIF, WebP and JPEG sources at the phone widths; any other URL is used as it is', () => {
  expect(coverSources('/static/covers/12.svg')).toEqual([
    {
      type: 'image/avif',
      srcSet:
        '/static/covers/12.avif?w=160 160w, /static/covers/12.avif?w=256 256w, /static/covers/12.avif?w=384 384w, /static/covers/12.avif?w=640 640w',
    },
    {
      type: 'image/webp',
      srcSet:
        '/static/covers/12.webp?w=160 160w, /static/covers/12.webp?w=256 256w, /static/covers/12.webp?w=384 384w, /static/covers/12.webp?w=640 640w',
    },
    {
      type: 'image/jpeg',
      srcSet:
        '/static/covers/12.jpg?w=160 160w, /static/covers/12.jpg?w=256 256w, /static/covers/12.jpg?w=384 384w, /static/covers/12.jpg?w=640 640w',
    },
  ]);
  expect(coverSources('https://cdn.example.com/live/cover.png')).toBeNull();
  expect(coverSources('/static/covers/12.svg?x=1')).toBeNull();
});
