/**
 * The web console ({@code jazmin.console.enabled=true}): {@code jazmin-viewer}'s viewer over the
 * configured files, served by Spring MVC, loopback-only unless told otherwise, behind the
 * application's security.
 */
package io.jazmin.spring.boot.console;
