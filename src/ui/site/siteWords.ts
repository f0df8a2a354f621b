// Words more than one page of the site says, under one id each: one translation, said alike.

export const logIn = /*i18n*/ { id: 'site.logIn', message: 'Log in' };
export const termsTitle = /*i18n*/ { id: 'site.terms', message: 'Terms of Service' };
export const policyTitle = /*i18n*/ { id: 'site.policy', message: 'Privacy Policy' };
