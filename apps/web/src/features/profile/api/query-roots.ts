/** Query keys of the profile; each mutation invalidates the list it changes. */
export const profileQueryRoot = ['profile'] as const;
export const addressesQueryRoot = [...profileQueryRoot, 'addresses'] as const;
export const phonesQueryRoot = [...profileQueryRoot, 'phones'] as const;
export const emailsQueryRoot = [...profileQueryRoot, 'emails'] as const;
