// The company's details live in the contracts, so the web app and the customer messages share them.
export * from '@limo/contracts/common/company';
