package io.jazmin.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sample's console (application.yml enables it): on a real server it answers on the loopback
 * address, read-only; a client on another machine, or a request addressed to another name, is
 * refused with a problem detail naming the property that allows it; the configured key is in no
 * answer.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "sample.customers.count=2000")
class ConsoleTests extends SampleMockMvc {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Value("${local.server.port}")
    int port;

    @Value("${jazmin.files.customers.key}")
    String key;

    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.ISO_8859_1));
    }

    @Test
    void answersOnTheLoopbackAddress() throws Exception {
        HttpResponse<String> page = get("/jazmin-console/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("JAZMIN viewer").contains("src=\"viewer.js\"");
        assertThat(page.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(p -> assertThat(p)
                .contains("script-src 'self'"));
        assertThat(get("/jazmin-console").statusCode()).as("redirected to the page").isEqualTo(302);

        JsonNode sources = JSON.readTree(get("/jazmin-console/api/sources").body());
        assertThat(sources.valueStream().map(s -> s.get("name").asString())).containsExactly("customers");
        JsonNode file = JSON.readTree(get("/jazmin-console/api/file").body());
        assertThat(file.get("tables").get(0).get("rowCount").asLong()).isEqualTo(2000);
        assertThat(file.get("encryption").asString()).isEqualTo("key");
        JsonNode rows = JSON.readTree(get("/jazmin-console/api/rows?limit=3&sort=id&dir=desc").body());
        assertThat(rows.get("rows").valueStream().map(r -> r.get("id").asLong())).containsExactly(1999L, 1998L, 1997L);
    }

    @Test
    void isReadOnly() throws Exception {
        for (var request : List.of(MockMvcRequestBuilders.post("/jazmin-console/api/rows"),
                MockMvcRequestBuilders.put("/jazmin-console/api/file"),
                MockMvcRequestBuilders.delete("/jazmin-console/api/files"))) {
            MockHttpServletResponse response = mvc().perform(request).andReturn().getResponse();
            assertThat(response.getStatus()).isEqualTo(405);
            assertThat(response.getHeader("Allow")).isEqualTo("GET, HEAD");
        }
    }

    @Test
    void refusesAClientOnAnotherMachine() throws Exception {
        for (String path : List.of("/jazmin-console/", "/jazmin-console/api/rows", "/jazmin-console")) {
            MockHttpServletResponse refused = mvc().perform(MockMvcRequestBuilders.get(path).with(REMOTE))
                    .andReturn().getResponse();
            assertThat(refused.getStatus()).as(path).isEqualTo(403);
            assertThat(refused.getContentType()).isEqualTo("application/problem+json");
            JsonNode problem = JSON.readTree(refused.getContentAsString());
            assertThat(problem.get("status").asInt()).isEqualTo(403);
            assertThat(problem.get("detail").asString()).contains("loopback-only")
                    .contains("jazmin.console.allow-remote=true");
        }
        assertThat(mvc().perform(MockMvcRequestBuilders.get("/jazmin-console/")).andReturn().getResponse()
                .getStatus()).as("the same request from this machine").isEqualTo(200);
    }

    @Test
    void refusesARequestAddressedToAnotherName() throws Exception {
        // A page of evil.example whose name was rebound to 127.0.0.1: the request comes from this machine.
        MockHttpServletResponse refused = mvc().perform(MockMvcRequestBuilders.get("http://evil.example/jazmin-console/"))
                .andReturn().getResponse();
        assertThat(refused.getStatus()).isEqualTo(403);
        assertThat(refused.getContentAsString()).contains("jazmin.console.allow-remote");
    }

    @Test
    void theConfiguredKeyIsInNoAnswer() throws Exception {
        assertThat(key).startsWith("jzk1-");
        StringBuilder seen = new StringBuilder();
        for (String path : List.of("/jazmin-console/", "/jazmin-console/viewer.js", "/jazmin-console/viewer.css",
                "/jazmin-console/api/sources", "/jazmin-console/api/file", "/jazmin-console/api/rows?limit=500",
                "/jazmin-console/api/explain?where=%7B%22id%22%3A5%7D", "/jazmin-console/api/files",
                "/jazmin-console/api/shapes", "/jazmin-console/api/file-content?path=about%2Findex.html&download=1",
                "/jazmin-console/api/nope", "/jazmin-console/api/rows?where=%7Bbad", "/jazmin-console/api/file?source=x")) {
            HttpResponse<String> response = get(path);
            assertThat(response.statusCode()).as(path).isLessThan(500);
            seen.append(path).append(response.headers().map()).append(response.body());
        }
        MockHttpServletResponse refused = mvc().perform(MockMvcRequestBuilders.get("/jazmin-console/api/file")
                .with(REMOTE)).andReturn().getResponse();
        seen.append(refused.getContentAsString());
        assertThat(seen.toString()).contains("\"rowCount\":2000").contains("<h1>Customers</h1>")
                .doesNotContain(key).doesNotContain(key.substring(5, 25)).doesNotContain("jzk1-");
    }
}
