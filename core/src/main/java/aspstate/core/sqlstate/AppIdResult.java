package aspstate.core.sqlstate;

/**
 * The answer of TempGetAppID: @appId, or the error the shipped procedure raises when two application names hash to
 * the same id (only one of them can own it, or their session ids would collide).
 *
 * @param appId          @appId, or for a collision the contested id
 * @param appName        the normalized name asked for
 * @param collidingName  the name that already owns the id, or null when there is no collision
 */
public record AppIdResult(int appId, String appName, String collidingName) {
    /** RAISERROR with a message text (not a message number) is reported as error 50000. */
    public static final int COLLISION_ERROR_NUMBER = 50_000;
    /** The severity the shipped TempGetAppID raises the collision with. */
    public static final int COLLISION_SEVERITY = 18;

    static AppIdResult assigned(AppRegistration registration) {
        return new AppIdResult(registration.appId(), registration.appName(), null);
    }

    static AppIdResult collision(String appName, AppRegistration owner) {
        return new AppIdResult(owner.appId(), appName, owner.appName());
    }

    public boolean isCollision() {
        return collidingName != null;
    }

    /** The shipped procedure's message, which tells the operator what to change. */
    public String collisionMessage() {
        return "SQL session state fatal error: hash-code collision between applications '" + appName + "' and '"
                + collidingName + "'. Please rename the 1st application to resolve the problem.";
    }
}
