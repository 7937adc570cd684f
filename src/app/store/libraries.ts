/**
 * The libraries the store is made of (Redux Toolkit with immer, reselect and redux; redux-saga), named so the entry
 * can evaluate them in a task of their own before the app's slices and sagas: the two were one task of 70-80 ms on
 * Lighthouse's slowed phone. Only what the store's making uses is named, so the libraries keep their tree shaking.
 */
export { configureStore } from '@reduxjs/toolkit';
export { default as createSagaMiddleware } from 'redux-saga';
