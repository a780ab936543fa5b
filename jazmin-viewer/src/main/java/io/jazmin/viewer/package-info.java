/**
 * The web viewer of JAZMIN files, independent of any HTTP server: {@link io.jazmin.viewer.Viewer}
 * answers a {@link io.jazmin.viewer.ViewerRequest} with a {@link io.jazmin.viewer.ViewerResponse}
 * (the static UI and a read-only JSON API over {@link io.jazmin.viewer.ViewerFile}s), so that the
 * JDK's HTTP server ({@code jazmin view}) and Spring MVC (the starter's console) serve the same
 * pages; {@link io.jazmin.viewer.LoopbackRule} is the check loopback-only servers make, and
 * {@link io.jazmin.viewer.InspectReport} the file description both the viewer and
 * {@code jazmin inspect} show. It uses the public API of {@code jazmin-core} only.
 */
package io.jazmin.viewer;
