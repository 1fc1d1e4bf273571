// Stylesheets imported by components mean nothing to a test DOM (jest.config.js maps *.css here).
export default {};
