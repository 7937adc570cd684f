// A card's or a customer's page: context, engagement, holdings, the card's actions.
// Public surface: sibling sub-features and the app import only this file.
export { customerWatchers } from './store/customer-saga';
