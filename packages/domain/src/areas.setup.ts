// The domain's tests import single files; the app always imports the package's index, whose
// areas.ts binds the areas' default scopes. Loading it first gives every test the app's roles.
import './areas.ts';
