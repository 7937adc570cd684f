import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';

import * as api from '../api';
import { sanitizeHtml } from '../sanitize';
import {
  followTapped,
  knowledgeSlice,
  listFailed,
  listLoaded,
  listRequested,
  questionAccepted,
  questionSubmitted,
  thumbsSettled,
  thumbsTapped,
} from '../store/knowledge-slice';
import { sendThumbs, submitQuestion } from '../store/knowledge-workers';

const reducer = knowledgeSlice.reducer;
const services = { api: { clients: { liveService: {} } } };

test('sanitizer removes scripts, on* handlers and javascript: URLs; images load lazily', () => {
  const out = sanitizeHtml(
    '<p onclick="x()">hi</p><script>alert(1)</script><a href="javascript:alert(1)">a</a><img src="/a.svg" onerror="x()">',
  );
  expect(out).not.toMatch(/script|onclick|onerror|javascript:/i);
  expect(out).toContain('loading="lazy"');
  expect(out).toContain('<p>hi</p>');
});

test('a tap flips what is shown; the server state is kept to go back to', () => {
  let s = reducer(undefined, thumbsTapped({ itemType: 'answer', itemId: 5, liked: false, likes: 3, at: 1000 }));
  expect(s.likes['answer:5']).toMatchObject({ liked: true, likes: 4, pending: true });
  s = reducer(s, thumbsTapped({ itemType: 'answer', itemId: 5, liked: true, likes: 4, at: 1300 }));
  // A tap 300 ms after the last is a tap of its own: it flips back; what the server has stays until it answers.
  expect(s.likes['answer:5']).toEqual({
    liked: false,
    likes: 3,
    pending: true,
    saved: { liked: false, likes: 3 },
    tappedAt: 1300,
  });
  s = reducer(s, thumbsSettled({ key: 'answer:5', liked: false, likes: 3 }));
  expect(s.likes['answer:5']!.pending).toBe(false);
});

test('the second tap of a double tap (under 300 ms) never undoes the first', () => {
  let s = reducer(undefined, thumbsTapped({ itemType: 'article', itemId: 2, liked: false, likes: 0, at: 500 }));
  s = reducer(s, thumbsTapped({ itemType: 'article', itemId: 2, liked: true, likes: 1, at: 799 }));
  expect(s.likes['article:2']).toMatchObject({ liked: true, likes: 1, pending: true });
  // Already liked: a double tap's first tap takes it back and its second keeps that.
  let t = reducer(undefined, followTapped({ expertId: 3, followed: true, followers: 8, at: 0 }));
  t = reducer(t, followTapped({ expertId: 3, followed: false, followers: 7, at: 60 }));
  expect(t.follows[3]).toMatchObject({ followed: false, followers: 7, pending: true });
});

test('a stale page answer is dropped (newer request for the same key)', () => {
  let s = reducer(undefined, listRequested({ key: 'qa', kind: 'qa', mode: 'initial' }));
  s = reducer(s, listRequested({ key: 'qa', kind: 'qa', mode: 'refresh' }));
  s = reducer(s, listLoaded({ key: 'qa', requestId: 1, items: [1], next: null, append: false }));
  expect(s.lists.qa!.items).toEqual([]);
  s = reducer(s, listLoaded({ key: 'qa', requestId: 2, items: [2], next: 'c', append: false }));
  expect(s.lists.qa).toMatchObject({ items: [2], next: 'c', status: 'loaded' });
});

test('a failed refresh leaves the shown page loaded, so scrolling pages on; a failed next page is the one retried', () => {
  let s = reducer(undefined, listRequested({ key: 'qa', kind: 'qa', mode: 'initial' }));
  s = reducer(s, listLoaded({ key: 'qa', requestId: 1, items: [1, 2], next: 'c2', append: false }));
  s = reducer(s, listRequested({ key: 'qa', kind: 'qa', mode: 'refresh' }));
  s = reducer(s, listFailed({ key: 'qa', requestId: 2, message: '网络连接失败' }));
  expect(s.lists.qa).toMatchObject({ status: 'loaded', items: [1, 2], next: 'c2', error: '网络连接失败' });
  s = reducer(s, listRequested({ key: 'qa', kind: 'qa', mode: 'more' }));
  s = reducer(s, listFailed({ key: 'qa', requestId: 3, message: '网络连接失败' }));
  expect(s.lists.qa).toMatchObject({ status: 'failed', items: [1, 2], next: 'c2' });
  s = reducer(s, listRequested({ key: 'qa', kind: 'qa', mode: 'more' }));
  expect(s.lists.qa).toMatchObject({ status: 'loadingMore', error: null });
});

test('thumbs saga sends the wanted state and settles with the server count', () => {
  const state = {
    knowledge: { likes: { 'answer:5': { liked: true, likes: 4, pending: true, saved: { liked: false, likes: 3 } } } },
  };
  return expectSaga(sendThumbs, thumbsTapped({ itemType: 'answer', itemId: 5, liked: false, likes: 3, at: 0 }))
    .withState(state)
    .provide([
      [matchers.getContext('services'), services],
      [matchers.call.fn(api.postThumbsUp), { item_type: 'answer', item_id: 5, liked: true, likes: 4 }],
    ])
    .call.like({ fn: api.postThumbsUp, args: [services.api.clients, { item_type: 'answer', item_id: 5, liked: true }] })
    .put(thumbsSettled({ key: 'answer:5', liked: true, likes: 4 }))
    .run();
});

test('asking puts the accepted question and refreshes my list', () =>
  expectSaga(submitQuestion, questionSubmitted({ content: '现在适合定投吗？' }))
    // No sign-in running: the request waits for none.
    .withState({})
    .provide([
      [matchers.getContext('services'), services],
      [matchers.call.fn(api.postQuestion), { id: 99, hold: null }],
    ])
    .put(questionAccepted({ questionId: 99, hold: null }))
    .put(listRequested({ key: 'mine', kind: 'mine', mode: 'refresh' }))
    .run());
