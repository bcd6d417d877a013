package e2e

import (
	"fmt"
	"html"
	"net/http"
)

// The login fixtures' account.
const (
	loginUser     = "alice.liddell@example.test"
	loginPassword = "pw-PLANTED-c0ffee-7741"
)

// loginFixtures serves small login portals: a one-page form, a two-step
// login, one that then asks for a one-time code, and one with a CAPTCHA.
// A wrong password shows the form again with an alert.
func loginFixtures(mux *http.ServeMux) {
	page := func(w http.ResponseWriter, title, body string) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<!doctype html><meta charset=utf-8><title>%s</title><main>%s</main>", title, body)
	}
	form := func(w http.ResponseWriter, action, alert, extra string) {
		if alert != "" {
			alert = `<p role="alert">` + html.EscapeString(alert) + `</p>`
		}
		page(w, "Sign in", alert+`<h1>Sign in</h1><form method="post" action="`+action+`">
<label>Email <input name="email" type="email" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>`+extra+`
<button type="submit">Sign in</button></form>`)
	}
	mux.HandleFunc("GET /login/form", func(w http.ResponseWriter, r *http.Request) { form(w, "/login/form", "", "") })
	mux.HandleFunc("POST /login/form", func(w http.ResponseWriter, r *http.Request) {
		if r.FormValue("email") != loginUser || r.FormValue("password") != loginPassword {
			form(w, "/login/form", "Wrong email or password.", "")
			return
		}
		http.Redirect(w, r, "/login/welcome", http.StatusSeeOther)
	})
	mux.HandleFunc("GET /login/welcome", func(w http.ResponseWriter, r *http.Request) {
		page(w, "Dashboard", `<h1>Welcome back</h1><p>You are signed in.</p><a href="/login/form">Sign out</a>`)
	})

	// Two steps: the username, then on another page the password.
	mux.HandleFunc("GET /login/step1", func(w http.ResponseWriter, r *http.Request) {
		page(w, "Sign in", `<h1>Sign in</h1><form method="post" action="/login/step1">
<label>Username <input name="username" autocomplete="username"></label><button type="submit">Next</button></form>`)
	})
	mux.HandleFunc("POST /login/step1", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "who", Value: r.FormValue("username"), Path: "/login"})
		http.Redirect(w, r, "/login/step2", http.StatusSeeOther)
	})
	mux.HandleFunc("GET /login/step2", func(w http.ResponseWriter, r *http.Request) {
		page(w, "Enter your password", `<h1>Enter your password</h1><form method="post" action="/login/step2">
<label>Password <input name="password" type="password"></label><button type="submit">Sign in</button></form>`)
	})
	mux.HandleFunc("POST /login/step2", func(w http.ResponseWriter, r *http.Request) {
		who, _ := r.Cookie("who")
		if who == nil || who.Value != loginUser || r.FormValue("password") != loginPassword {
			page(w, "Enter your password", `<p role="alert">That password is not right.</p><form method="post" action="/login/step2">
<label>Password <input name="password" type="password"></label><button type="submit">Sign in</button></form>`)
			return
		}
		http.Redirect(w, r, "/login/welcome", http.StatusSeeOther)
	})

	// A right password, then a one-time code.
	mux.HandleFunc("GET /login/mfa", func(w http.ResponseWriter, r *http.Request) { form(w, "/login/mfa", "", "") })
	mux.HandleFunc("POST /login/mfa", func(w http.ResponseWriter, r *http.Request) {
		page(w, "Verify", `<h1>Two-step verification</h1><form method="post" action="/login/welcome">
<label>Code from your app <input name="otp" autocomplete="one-time-code" inputmode="numeric"></label><button>Verify</button></form>`)
	})
	// A form with a CAPTCHA.
	mux.HandleFunc("GET /login/captcha", func(w http.ResponseWriter, r *http.Request) {
		form(w, "/login/form", "", `<div class="g-recaptcha" style="width:300px;height:74px;border:1px solid #ccc">I'm not a robot</div>`)
	})
}
